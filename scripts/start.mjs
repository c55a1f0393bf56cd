#!/usr/bin/env node
// Starts the production server and prints where it is and how to sign in.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT ?? "3000";
const host = process.env.HOST ?? "127.0.0.1";
const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", port, "-H", host], {
  cwd: root,
  stdio: ["inherit", "pipe", "inherit"],
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready in/.test(String(chunk))) {
    announced = true;
    console.log(`\n  Switchyard is running at http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
    console.log("  Demo sign-in: demo@switchyard.local / switchyard-demo\n");
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
