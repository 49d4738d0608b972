// Runs the browser tests: checks for Chromium, builds the web app, runs Playwright against a server on
// a fresh embedded database, and makes sure no database process outlives the run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

// Chromium's headless shell (Debian's `chromium-headless-shell`) draws the same pages with about a fifth less
// CPU than the whole browser run headless; the whole browser serves when the shell is not installed.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ??
  '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`
Browser tests need Chromium at ${chromium}, and it is not there.
Install it with the CJK font used for Chinese text (Debian/Ubuntu, as root):

  apt-get update && apt-get install -y chromium-headless-shell chromium fonts-wqy-microhei

or point CHROMIUM_PATH at an existing Chromium or Chrome binary.
`);
  process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// The site and the server are built once: the tests' servers run the compiled server. `npm test` has just
// built the web app (its bundle check), and says so with E2E_WEB_BUILT=1: only the server is built then.
if (process.env.E2E_WEB_BUILT === '1') execFileSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
else execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'junction-e2e-'));
await fs.chmod(dataDir, 0o755);
// A real SMTP server catches the site's mail; each message lands as a file the tests read.
const mailDir = path.join(dataDir, 'mail');
await fs.mkdir(mailDir);
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', async () => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      await fs.writeFile(
        path.join(mailDir, `${String(++mailCount).padStart(4, '0')}.eml`),
        `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks)}`,
      );
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

// The server writes its log here; afterwards it is scanned, with the database, for test card data.
const serverLog = path.join(dataDir, 'server.log');
const env = {
  ...process.env,
  E2E_DATA_DIR: dataDir,
  E2E_SERVER_LOG: serverLog,
  E2E_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  E2E_MAIL_DIR: mailDir,
  E2E_SMS_FILE: path.join(dataDir, 'sms.jsonl'),
  E2E_PORT: String(await freePort()),
  E2E_PG_PORT: String(await freePort()),
  E2E_COMPILED_SERVER: '1',
  CHROMIUM_PATH: chromium,
  // Node keeps the compiled code of the modules on disk: the tests' server processes after the first start
  // without compiling the server again.
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'junction-node-compile-cache'),
};
const result = await new Promise((resolve) => {
  const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
  child.on('exit', (status) => resolve({ status }));
});
await new Promise((resolve) => smtp.close(resolve));

const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
if (existsSync(pidFile)) {
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGTERM');
    console.error(`stopped a database server (pid ${pid}) that outlived the browser tests`);
    // The scan below starts the cluster again: wait until this server is gone.
    for (let i = 0; i < 100; i++) {
      process.kill(pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch {
    // gone
  }
}
if (result.status !== 0 && existsSync(serverLog)) {
  // What the server wrote outside its JSON log (a crash, a stack) helps to understand a failure.
  const plain = readFileSync(serverLog, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('{') && !/^\[(sms|mail) to /.test(line));
  if (plain.length > 0) console.error(`server output:\n${plain.slice(-40).join('\n')}`);
}
// No test card number or security code may be in the server's log or in any table the tests filled.
const scan = await new Promise((resolve) => {
  const child = spawn('node', ['--import', 'tsx', 'scripts/scan-card-data.ts', serverLog, dataDir], {
    stdio: 'inherit',
  });
  child.on('exit', (status) => resolve(status));
});
await fs.rm(dataDir, { recursive: true, force: true });
process.exit(result.status === 0 && scan === 0 ? 0 : (result.status ?? 1) || 1);
