// Preload for the Portkey gateway: binds every listen() to 127.0.0.1 (it listens on all
// interfaces by default). Used by relay-bench.mjs with `node --import`.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number')
    return listen.call(
      this,
      args[0],
      '127.0.0.1',
      ...args.slice(1).filter((a) => typeof a === 'function'),
    );
  if (typeof args[0] === 'object' && args[0] !== null)
    return listen.call(this, { ...args[0], host: '127.0.0.1' }, ...args.slice(1));
  return listen.apply(this, args);
};
