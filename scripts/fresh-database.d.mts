/** Drops and creates the database `name` beside the one adminUrl names; answers its URL. */
export function freshDatabase(adminUrl: string, name: string): Promise<string>;
