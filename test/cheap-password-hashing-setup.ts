// Every test project hashes passwords at argon2's least cost (decision 0083): a run makes thousands of users and
// logins, and at the stored cost (64 MiB, 3 passes) they took minutes of CPU. Tests of the cost itself set it back.
import { hashPasswordsCheaplyInThisTestRun } from "../core/src/kernel/password-hashing.ts";

hashPasswordsCheaplyInThisTestRun();
