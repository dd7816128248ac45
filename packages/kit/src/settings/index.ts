/** Settings: typed readers of environment variables that name the variable on a bad value. */
export { SettingsError, envReader, type DurationOptions, type EnvReader, type IntegerBounds, type UrlOptions } from './env-readers.ts';
export { DEFAULT_DRAIN_TIMEOUT_MS, servingSettings, type ServingSettings } from './serving-settings.ts';
