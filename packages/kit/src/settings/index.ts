/** Settings: typed readers of environment variables that name the variable on a bad value. */
export { envReader } from './env-readers.ts';
export { servingSettings, type ServingSettings } from './serving-settings.ts';
