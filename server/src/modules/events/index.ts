/** The live-events module's public face: the only file other modules import. */
export { endSession, publishEvent, subscribeEvents } from "./bus";
export { watchSession } from "./session-watch";
