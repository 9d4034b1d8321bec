// The browser's single instance of the local store (IndexedDB through Dexie). Apart from app-services.ts so that
// the first screen's code does not carry Dexie: the login page renders before it loads (decision 0081).
import { openDb } from "./store/db.ts";

export const db = openDb();
