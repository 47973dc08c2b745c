/**
 * Import first in a test that draws a real Highcharts chart: jsdom has no `CSS.supports`, which Highcharts
 * reads while it loads.
 */
const css = (globalThis as { CSS?: { supports?: unknown } }).CSS;
if (typeof css?.supports !== 'function') {
  Object.assign(globalThis, { CSS: { ...css, supports: () => false } });
}
