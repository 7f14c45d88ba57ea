/** The auth module's public face: the only file other modules import. */
export { saveGmailConnection } from "./gmail-connection";
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
export {
  isCopyMode,
  lockMailboxSettings,
} from "./mailbox-mode";
export { hashPassword } from "./password";
export { createUser, fillUserName, setUserName } from "./users";
