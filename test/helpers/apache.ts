// Debian's Apache httpd as a relying party in tests: one `apache2 -f <conf> -DFOREGROUND` process
// per app, on a free port of its own address (127.0.0.x: the portal's single logout reaches it from
// Node, which does not resolve *.localhost), with a configuration written into a temp dir and the
// modules loaded from /usr/lib/apache2/modules. Pages show who is signed in through SSI
// (mod_include), so the app needs no script of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const APACHE_BINARY = '/usr/sbin/apache2';
export const APACHE_MODULES = '/usr/lib/apache2/modules';

export interface ApacheApp {
  origin: string;
  dir: string;
  /** What the server wrote to its error log so far. */
  errorLog(): string;
  stop(): Promise<void>;
}

export interface ApacheOptions {
  host: string;
  port: number;
  /** Modules beyond the base set (name and file), e.g. ['auth_cas_module', 'mod_auth_cas.so']. */
  modules: [string, string][];
  /** Directives after the base configuration; "@DIR@" is replaced by the temp dir. */
  config: string;
  /** Files to write under the temp dir (htdocs/… for pages). */
  files?: Record<string, string>;
  /** Apache's LogLevel line (default info), e.g. 'info auth_mellon:debug'. */
  logLevel?: string;
  /** Dirs under the temp dir the server's workers write to (a session cache). */
  writableDirs?: string[];
}

const BASE_MODULES: [string, string][] = [
  ['mpm_event_module', 'mod_mpm_event.so'], ['authn_core_module', 'mod_authn_core.so'], ['authz_core_module', 'mod_authz_core.so'],
  ['authz_user_module', 'mod_authz_user.so'], ['include_module', 'mod_include.so'], ['mime_module', 'mod_mime.so'],
  ['dir_module', 'mod_dir.so'], ['env_module', 'mod_env.so'], ['headers_module', 'mod_headers.so'],
];

export function apacheInstalled(): boolean {
  return fs.existsSync(APACHE_BINARY);
}

async function untilListening(host: string, port: number, child: ChildProcess, log: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`apache2 exited (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`apache2 did not listen on ${host}:${port}: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startApache(options: ApacheOptions): Promise<ApacheApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-apache-'));
  fs.mkdirSync(path.join(dir, 'htdocs'));
  for (const [file, content] of Object.entries(options.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content.replaceAll('@DIR@', dir));
  }
  // Started as root, the workers run as nobody (User below; ignored when not root): they read the
  // pages and write only the writable dirs.
  fs.chmodSync(dir, 0o755);
  for (const writable of options.writableDirs ?? []) {
    fs.mkdirSync(path.join(dir, writable), { recursive: true });
    fs.chmodSync(path.join(dir, writable), 0o777);
  }
  const modules = [...BASE_MODULES, ...options.modules].map(([name, file]) => `LoadModule ${name} ${APACHE_MODULES}/${file}`).join('\n');
  const conf = `ServerRoot "${dir}"
${modules}
Listen ${options.host}:${options.port}
ServerName ${options.host}:${options.port}
PidFile "${dir}/httpd.pid"
User nobody
Group nogroup
ErrorLog "${dir}/error.log"
LogLevel ${options.logLevel ?? 'info'}
DocumentRoot "${dir}/htdocs"
TypesConfig /etc/mime.types
AddDefaultCharset utf-8
DirectoryIndex index.html
<Directory "${dir}/htdocs">
  Options +Includes
  AddOutputFilter INCLUDES .html
  Require all granted
</Directory>
${options.config.replaceAll('@DIR@', dir)}
`;
  fs.writeFileSync(path.join(dir, 'httpd.conf'), conf);
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  let output = '';
  const child = spawn(APACHE_BINARY, ['-f', path.join(dir, 'httpd.conf'), '-DFOREGROUND'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr!.on('data', (d: Buffer) => { output += d.toString(); });
  try {
    await untilListening(options.host, options.port, child, () => output + errorLog());
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    origin: `http://${options.host}:${options.port}`,
    dir,
    errorLog,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGWINCH is apache's graceful stop; TERM stops at once (the children go with it).
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A free TCP port on `host` right now. */
export async function freePortOn(host: string): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
