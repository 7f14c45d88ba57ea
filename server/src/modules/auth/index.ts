/** The auth module's public face: the only file other modules import. */

export {
  type KeyRotationResult,
  rotateMailboxTokenKeys,
  type UnreadableToken,
} from "./key-rotation";
export {
  markMailboxRevoked,
  pauseAutomatedSending,
  resumeAutomatedSending,
  saveRotatedRefreshToken,
  saveSyncCursor,
  saveWatch,
} from "./mailbox-account";
export { saveMailboxConnection } from "./mailbox-connection";
export {
  isCopyMode,
  lockMailboxSettings,
} from "./mailbox-mode";
export { hashPassword } from "./password";
export { createUser, fillUserName, setUserName } from "./users";
