import type { Socket } from 'socket.io';

type Transport = Socket['conn']['transport'];

/**
 * Sends a socket the latest of a stream of frames: a frame that comes while the connection is still
 * writing an earlier message (another frame, an answer, the steps) waits until that write ends, and a
 * newer frame replaces it. At most one frame waits, so nothing piles up for a slow client, and the last
 * frame always arrives. (socket.io's volatile emit drops the frame instead: the person's screen then
 * kept the old picture until the page painted again, half a second later at a caret's blink, or for
 * good on a page that painted once after an input.)
 */
export function latestFrameSender<T>(socket: Socket, event: string): { send(frame: T): void; stop(): void } {
  let pending: T | null = null;
  let transport: Transport = socket.conn.transport;
  const flush = () => {
    if (pending === null || !socket.connected || !socket.conn.transport.writable) return;
    const frame = pending;
    pending = null;
    socket.emit(event, frame);
  };
  // A transport says `ready` when its last write has ended; a connection upgraded (polling to WebSocket) has a new one.
  const onUpgrade = (next: Transport) => {
    transport.off('ready', flush);
    transport = next;
    transport.on('ready', flush);
    flush();
  };
  transport.on('ready', flush);
  socket.conn.on('upgrade', onUpgrade);
  return {
    send(frame: T) {
      pending = frame;
      flush();
    },
    stop() {
      pending = null;
      transport.off('ready', flush);
      socket.conn.off('upgrade', onUpgrade);
    },
  };
}
