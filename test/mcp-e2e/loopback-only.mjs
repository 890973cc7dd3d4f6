// Preloaded (`node --import`) into the SDK's URL example server, which listens on every
// interface: each listen given only a port listens on 127.0.0.1, so the test serves nothing to
// the network.
import net from "node:net";

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [port, next] = args;
  const portOnly =
    (typeof port === "number" || (typeof port === "string" && /^\d+$/.test(port))) &&
    (next === undefined || typeof next === "function");
  if (portOnly) args.splice(1, 0, "127.0.0.1");
  return listen.apply(this, args);
};
