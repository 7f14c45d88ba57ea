/** The applications module's public face: the only file other modules import. */
export { conversationMessagesSql } from "./outreach";
