// The floor a gateway in Node can reach (issue 30): a bare proxy on plain node:http that parses
// the JSON body, picks the upstream by the body's model, and pipes the reply back. No auth, no
// billing, no logging. Usage: node bare-proxy.mjs <upstream url> [port]; prints its port.
import { startProxy } from './proxy-core.mjs';

startProxy({
  upstream: new URL(process.argv[2] ?? 'http://127.0.0.1:8080'),
  port: Number(process.argv[3] ?? 0),
});
