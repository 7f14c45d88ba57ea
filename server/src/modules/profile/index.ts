/** The profile module's public face: the only file other modules import. */
export { seedDemoProfile } from "./demo-seed";
export { getProfileStatus } from "./service";
