// The part of s3rver's API (the @20minutes fork ships no types) that test-s3.ts uses.
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      allowMismatchedSignatures?: boolean;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
