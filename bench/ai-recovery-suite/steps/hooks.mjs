// Short waits: a locator that finds nothing (or too much) fails its step in seconds, not after the
// step timeout. Pages load from a local server, so navigations get a little longer.
import { Before } from '@cucumber/cucumber';

Before(async function () {
  this.page.setDefaultTimeout(5000);
  this.page.setDefaultNavigationTimeout(15000);
});
