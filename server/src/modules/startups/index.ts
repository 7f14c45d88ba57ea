/** The startups module's public face: the only file other modules import. */
export { seedStartups } from "./seed";
