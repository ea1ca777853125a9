// Debian's chromium is the only browser the journeys and the screenshot scripts drive: test tools never
// download one. Without the background-networking flags chromium keeps dialling hosts this machine cannot reach.
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
