// The checkout's rules (spec 3 §5, §9): step 1's required fields, the counters' floor of 3, the custom price.
import { describe, expect, it } from "vitest";
import {
  defaultCustomPlan,
  FIRST_STEP,
  payerErrors,
  stepCounter,
  subscriptionBody,
  withCounts,
} from "./checkout-model.ts";

const invoice = {
  id: 7,
  detail: "Plano Ouro",
  users: 1,
  connections: 1,
  queues: 2,
  value: 12990,
  dueDate: "2026-12-01",
  status: "open" as const,
};

describe("checkout", () => {
  it("starts at the plan choice (step 2)", () => {
    expect(FIRST_STEP).toBe("customize");
  });

  it("requires the full name and the CPF/CNPJ", () => {
    expect(payerErrors({ firstName: " ", zipcode: "" })).toEqual({
      firstName: "firstNameRequired",
      zipcode: "zipcodeRequired",
    });
    expect(payerErrors({ firstName: "Maria", zipcode: "12345678909" })).toEqual({});
  });

  it("keeps the custom plan's counters at 3 or more and prices them (49 + 11 a user + 20 a connection)", () => {
    expect(stepCounter(3, -1, 3)).toBe(3);
    expect(stepCounter(3, 1, 3)).toBe(4);
    expect(defaultCustomPlan()).toEqual({ users: 3, connections: 3, price: 4900, custom: true });
    expect(withCounts(5, 4).price).toBe(4900 + 2 * 1100 + 2000);
  });

  it("sends the chosen plan with the invoice, never fewer than 3 users or connections", () => {
    const body = subscriptionBody(
      invoice,
      { users: 1, connections: 1, price: 12990, custom: false },
      {
        firstName: " Maria ",
        zipcode: "123",
      },
    );
    expect(body).toEqual({
      firstName: "Maria",
      zipcode: "123",
      plan: JSON.stringify({ users: 1, connections: 1, price: 12990, custom: false }),
      price: 129.9,
      users: 3,
      connections: 3,
      invoiceId: 7,
    });
  });
});
