export * from "./applications";
export * from "./billing";
export * from "./contacts";
export * from "./emails";
export * from "./files";
export * from "./public";
export * from "./sequences";
export * from "./users";
