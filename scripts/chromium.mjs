// Debian's Chromium (Playwright's own download is unreachable here), launched the same way by the browser
// tests, the benchmarks and the screenshot script: no sandbox (containers), no GPU, nothing phoning home.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
