/** The emails module's public face: the only file other modules import. */
export { scheduleEmail, sendEmailNow } from "./send";
export { createEmailWriter, loadSender } from "./writer";
