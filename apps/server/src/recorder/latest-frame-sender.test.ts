import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestFrameSender } from './latest-frame-sender.ts';

let httpServer: http.Server;
let ioServer: Server;
let serverSide: Socket;
let client: ClientSocket;

beforeAll(async () => {
  httpServer = http.createServer();
  ioServer = new Server(httpServer, { maxHttpBufferSize: 1e8 });
  const connected = new Promise<Socket>((resolve) => ioServer.on('connection', resolve));
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  client = connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, { transports: ['websocket'] });
  serverSide = await connected;
});
afterAll(async () => {
  client?.disconnect();
  await ioServer?.close();
});

/** Collects the frames the client receives until `quietMs` pass without one. */
function framesUntilQuiet(quietMs = 300): Promise<number[]> {
  const got: number[] = [];
  return new Promise((resolve) => {
    let timer = setTimeout(done, quietMs);
    function done() {
      client.off('frame', onFrame);
      resolve(got);
    }
    function onFrame(n: number) {
      got.push(n);
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    }
    client.on('frame', onFrame);
  });
}

describe('the latest frame sender', () => {
  it('delivers a frame that comes while a large message is still being written', async () => {
    const frames = latestFrameSender<number>(serverSide, 'frame');
    const big = new Promise((resolve) => client.once('big', resolve));
    const received = framesUntilQuiet();
    // 8 MB take a while to write: the connection is not writable when the frame comes right after.
    serverSide.emit('big', 'x'.repeat(8_000_000));
    expect(serverSide.conn.transport.writable).toBe(false);
    frames.send(1);
    await big;
    expect(await received).toEqual([1]);
    frames.stop();
  });

  it('keeps only the newest of the frames that wait, and sends at once when the connection is free', async () => {
    const frames = latestFrameSender<number>(serverSide, 'frame');
    let received = framesUntilQuiet();
    serverSide.emit('big', 'x'.repeat(8_000_000));
    for (let n = 1; n <= 5; n++) frames.send(n);
    expect(await received).toEqual([5]);
    received = framesUntilQuiet();
    frames.send(6);
    expect(await received).toEqual([6]);
    frames.stop();
  });

  it('follows the connection from long polling to its WebSocket', async () => {
    const connected = new Promise<Socket>((resolve) => ioServer.once('connection', resolve));
    const polling = connect(`http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`, { transports: ['polling', 'websocket'] });
    const side = await connected;
    const frames = latestFrameSender<number>(side, 'frame');
    expect(side.conn.transport.name).toBe('polling');
    await new Promise((resolve) => side.conn.once('upgrade', resolve));
    const got: number[] = [];
    polling.on('frame', (n: number) => got.push(n));
    side.emit('big', 'x'.repeat(8_000_000));
    frames.send(7);
    await expect.poll(() => got, { timeout: 5000 }).toEqual([7]);
    frames.stop();
    polling.disconnect();
  });

  it('sends nothing once stopped, the frame that waited included', async () => {
    const frames = latestFrameSender<number>(serverSide, 'frame');
    const received = framesUntilQuiet();
    serverSide.emit('big', 'x'.repeat(8_000_000));
    frames.send(1);
    frames.stop();
    expect(await received).toEqual([]);
  });
});
