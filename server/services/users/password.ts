// Slow password hashing (bcrypt, cost 12). bcryptjs is pure JS, so it builds everywhere without native addons.
import bcrypt from "bcryptjs";

const COST = 12;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);
export const verifyPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** A valid hash of a random password, compared against when the user is unknown so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= bcrypt.hash(`unknown-${Math.random()}`, COST));
