/** The billing module's public face: the only file other modules import. */
export { monthlyCreditsJob } from "./grants";
