import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import { BODY_TOO_SLOW } from '../../core/messages';
import { addressKey } from '../auth/request-limiter';

/**
 * Slow clients (decision 0057). Node's own limits are a request's headers within `headersTimeout` and the
 * whole request within `requestTimeout` (five minutes): a trickle of a byte every few seconds keeps a body open
 * for minutes, and a 20 MB paper from a slow phone needs more than five. Instead a body must keep up with a least
 * rate: it has `initialMs`, and one more second for every `minRate` bytes received (Apache's mod_reqtimeout,
 * body=20,MinRate=500). Time the server itself does not read (the body waits for a turn, or the disk is slow) is
 * not counted against the client.
 */
export interface BodyDeadline {
  initialMs: number;
  /** Bytes of body that earn one more second. */
  minRate: number;
}

const TICK_MS = 250;

/** A request that says a body follows. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Watch one request's body: once it falls behind the least rate it is answered 408 {message} and the connection
 * closed (what was received is dropped by whatever was reading it, as for a client that went away).
 */
export function watchBody(req: IncomingMessage, res: ServerResponse, deadline: BodyDeadline): void {
  if (!hasBody(req) || req.complete) return;
  const socket = req.socket;
  const startBytes = socket.bytesRead;
  let allowedMs = deadline.initialMs;
  let elapsedMs = 0;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    // Data waiting in the request's buffer: the server is the one not reading, so the client is not timed.
    if (req.readableLength > 0 || req.isPaused()) allowedMs += TICK_MS;
    elapsedMs += TICK_MS;
    const received = socket.bytesRead - startBytes;
    if (elapsedMs <= allowedMs + (received / deadline.minRate) * 1000) return;
    clearInterval(timer);
    cutOff(res, socket);
  }, TICK_MS);
  timer.unref();
  // Kept after an early answer (a 401, a 503): Node then reads the rest of the body to keep the connection, and
  // that rest keeps up with the same rate or the connection is closed.
  req.once('end', () => clearInterval(timer));
  req.once('close', () => clearInterval(timer));
}

function cutOff(res: ServerResponse, socket: Socket): void {
  if (res.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message: BODY_TOO_SLOW });
  // The answer is the last thing on this connection: the rest of the body will not be read.
  res.shouldKeepAlive = false;
  res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body, () => socket.destroy());
}

/**
 * At most `perAddress` open connections from one client address (an IPv6 /64 as one): one more is closed at once,
 * before a byte is read, so that header-only connections from one place cannot use up the server's file
 * descriptors. `exempt` addresses (the balancers TRUST_PROXY names) are not counted.
 */
export function capConnections(server: Server, perAddress: number, exempt: (address: string) => boolean): void {
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const key = addressKey(address);
    const n = (open.get(key) ?? 0) + 1;
    if (n > perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

/** Which peers are the balancers TRUST_PROXY names (a hop count: every peer is one). */
export function trustedProxy(setting: false | number | string[]): (address: string) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return () => true;
  const list = new BlockList();
  for (const entry of setting) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = v4 ? v4[1]! : address;
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}
