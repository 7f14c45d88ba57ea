/**
 * The contacts module's public face: what other modules may use. Everything else in this folder
 * is internal (the boundary check in `npm run lint` refuses imports of it from outside).
 */
export { insertContacts } from "./bulk-load";
export { seedDemoContacts } from "./demo-seed";
export { findNewContacts } from "./matches";
export {
  addPersonToNetwork,
  countMessageOnContact,
  deleteNetworkContact,
  findContactAddress,
  findContactAddresses,
  findNetworkContact,
  getNetworkContact,
  removeUnusedNetworkEntry,
  saveContactsToNetwork,
  uncountReplyOnContact,
} from "./network";
export { type ContactInsert, type ContactRow, selectNetworkContacts, statusOf } from "./records";
export { buildWarmOrder, warmOrderJobs } from "./warm-order";
export { shortSchool, studentSignalsOf, warmSignalsFor } from "./warm-signals";
