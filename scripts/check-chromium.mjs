// Runs before `npm test`: the end-to-end journeys and the production tests drive Debian's Chromium
// (Playwright cannot download its own browsers here). Without it, stop at once and say what to
// install, instead of failing deep inside Playwright after lint, types and the unit tests. The
// page measurements (`npm run lighthouse`, `bundle-size`, `long-tasks`) run it first too: without
// it, a missing Chromium crashed Lighthouse after its server had started, and left that running.
import { accessSync, constants } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `\nChromium was not found at ${path}. The browser journeys and the page measurements need it.\n` +
      "Install Debian's package:  sudo apt-get install -y chromium\n" +
      "(or set CHROMIUM_PATH to a Chromium or Chrome executable).\n",
  );
  process.exit(1);
}
