import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';

export interface TlsMaterial {
  readonly key: string;
  readonly cert: string;
}

/** First byte of a TLS record carrying a handshake. */
const TLS_HANDSHAKE = 0x16;

const REFUSAL_TEXT = 'This port accepts HTTPS only.\n';
const PLAIN_HTTP_REFUSAL =
  'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n' +
  `Content-Length: ${Buffer.byteLength(REFUSAL_TEXT)}\r\n\r\n${REFUSAL_TEXT}`;

/**
 * One port, HTTPS only: a TLS handshake goes to the HTTPS server; anything else is refused with a
 * plain-text 400 and the connection closed, so no API answer ever leaves over plain HTTP.
 * `servePlain` (a fault) instead hands plain HTTP to the same request handler. `onRefused` is told of
 * each plain-HTTP connection refused, so a test can count every request a client sent.
 */
export function frontDoor(handler: RequestListener, tls: TlsMaterial, servePlain = false, onRefused?: () => void): Server {
  const https = createHttpsServer({ key: tls.key, cert: tls.cert }, handler);
  https.on('tlsClientError', () => undefined);
  const plain = servePlain ? createHttpServer(handler) : undefined;
  const sockets = new Set<Socket>();
  // An https server sets TCP_NODELAY on the connections it accepts; the door accepts them instead.
  const door = createNetServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === TLS_HANDSHAKE) https.emit('connection', socket);
      else if (plain) plain.emit('connection', socket);
      else {
        onRefused?.();
        socket.end(PLAIN_HTTP_REFUSAL);
        return;
      }
      process.nextTick(() => socket.resume());
    });
  });
  // Closing the door also drops kept-alive connections, so a stop never hangs.
  const close = door.close.bind(door);
  door.close = ((callback?: (err?: Error) => void) => {
    for (const socket of sockets) socket.destroy();
    https.close();
    plain?.close();
    return close(callback);
  }) as typeof door.close;
  return door;
}
