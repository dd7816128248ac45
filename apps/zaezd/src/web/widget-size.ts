/**
 * Builds the trip board's scripts once and prints the widget's size by part against its target;
 * `scripts/build.mjs` runs it after building the servers, so every build reports the figure.
 */
import { boardAssets, describeWidgetSize } from './board-assets.ts';

console.log(describeWidgetSize((await boardAssets()).widgetSize));
