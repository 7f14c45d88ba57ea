/** The agent module's public face: the only file other modules import. */
export { seedDemoPositions } from "./demo-seed";
