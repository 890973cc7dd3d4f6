/** A queued fault for the next matching response. */
export type ResponseFault =
  | { kind: "lose"; method?: string }
  | { kind: "delay"; ms: number; method?: string };

/** FIFO of response faults, each consumed by the first response it matches. */
export type ResponseFaults = {
  add(fault: ResponseFault): void;
  take(method: string): ResponseFault | null;
  clear(): void;
};

/** Creates an empty fault queue. */
export function createResponseFaults(): ResponseFaults {
  const queue: ResponseFault[] = [];
  return {
    add: (fault) => {
      queue.push(fault);
    },
    take: (method) => {
      const index = queue.findIndex(
        (fault) => fault.method === undefined || fault.method === method,
      );
      if (index < 0) return null;
      const [fault] = queue.splice(index, 1);
      return fault ?? null;
    },
    clear: () => {
      queue.length = 0;
    },
  };
}
