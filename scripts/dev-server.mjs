// The API half of `npm run dev`: the server restarts on change (tsx watch) while Vite serves the web app
// with hot reload on :5173 and proxies /api here; cookies and CSRF checks trust the Vite origin.
import { spawn } from 'node:child_process';

const child = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173', LOG_LEVEL: 'debug', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
