/**
 * Decoded audio a test's page keeps alive, counted from outside the engine (issue 38: a budget read from the engine's
 * own counter passes an under-count). Every AudioBuffer made through `createBuffer` (the fake decoders build theirs
 * with it) is counted by its bytes (frames × channels × 4) until it is garbage-collected; `liveBytes()` runs a full
 * collection first, so what it returns is what something still holds.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

export interface LiveBuffers {
  liveBytes(): Promise<number>;
  /** Puts the context's createBuffer back. */
  restore(): void;
}

export function countLiveBuffers(proto: { createBuffer: BaseAudioContext['createBuffer'] }): LiveBuffers {
  let live = 0;
  const collected = new FinalizationRegistry<number>((bytes) => (live -= bytes));
  const createBuffer = proto.createBuffer;
  proto.createBuffer = function (this: BaseAudioContext, ...args: Parameters<BaseAudioContext['createBuffer']>) {
    const buffer = createBuffer.apply(this, args);
    const bytes = buffer.length * buffer.numberOfChannels * 4;
    live += bytes;
    collected.register(buffer, bytes);
    return buffer;
  };
  return {
    async liveBytes() {
      // Finalizers run in tasks after the collection that found their objects.
      for (let i = 0; i < 3; i++) {
        collect();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return live;
    },
    restore: () => (proto.createBuffer = createBuffer),
  };
}
