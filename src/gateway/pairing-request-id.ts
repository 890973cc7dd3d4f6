// The gateway names a pairing request by `crypto.randomUUID()`: lower-case hex in 8-4-4-4-12 form.
// Anything else is not pasted into a shell command, so a hostile id cannot smuggle one in.
const PAIRING_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `value` has the shape of a pairing request id the gateway issues. */
export function isPairingRequestId(value: string): boolean {
  return PAIRING_REQUEST_ID.test(value);
}
