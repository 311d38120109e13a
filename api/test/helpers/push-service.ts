// A real push service stand-in on 127.0.0.1: web-push-testing's server (from the npm registry) in this process.
// It hands out subscriptions (a P-256 key pair and an auth secret of its own, as a browser's push service
// would), checks each push's VAPID signature against the key the subscription was made with, decrypts the
// payload (RFC 8291) and keeps it for get-notifications; expire-subscription makes it answer 410 afterwards.
// Its own start() listens on every interface and prints a line; listening here on 127.0.0.1 with port 0 keeps
// it local and quiet, and the endpoint it hands out is then pointed at the port it got.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface PushApiModel {
  notifyUrl: string;
}
interface TestingServer {
  _app: { listen(port: number, host: string, ready: () => void): Server };
  setRequestHandlers(): void;
}

const require = createRequire(import.meta.url);
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as {
  PushApiModel: new () => PushApiModel;
};
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: PushApiModel,
  port: number,
) => TestingServer;

/** A subscription as the stand-in hands it out: PushSubscription.toJSON() plus its own id for the device. */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushServiceStandIn {
  url: string;
  /** A device's subscription for pushes signed with `applicationServerKey` (the server's VAPID public key). */
  subscribe(applicationServerKey: string): Promise<StandInSubscription>;
  /** Every payload the device received, decrypted, oldest first. */
  received(clientHash: string): Promise<string[]>;
  /** The device is gone: the stand-in answers its pushes with 410. */
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const model = new PushApiModel();
  const server = new WebPushTestingServer(model, 0);
  server.setRequestHandlers();
  const listening = await new Promise<Server>((resolve) => {
    const s = server._app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;
  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    if (!response.ok) throw new Error(`push stand-in ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      const answer = (await (
        await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })
      ).json()) as {
        data: StandInSubscription;
      };
      return answer.data;
    },
    async received(clientHash) {
      const answer = (await (await post('/get-notifications', { clientHash })).json()) as {
        data: { messages: string[] };
      };
      return answer.data.messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        listening.closeAllConnections();
        listening.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
