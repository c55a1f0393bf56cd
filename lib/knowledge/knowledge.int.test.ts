/**
 * Text extraction from the real fixture documents (md, html, txt, docx, pdf). Retrieval over them, in the
 * database's full-text index, is tested in lib/db/queries/knowledge-search.int.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { documentKind, extractText } from "./extract-text";

const read = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe("extractText", () => {
  it("reads html without markup, scripts, styles or navigation", async () => {
    expect(await extractText(read("shipping.html"), "shipping.html", "text/html")).toBe(
      "Shipping information\n\nDomestic orders ship within 2 business days and arrive in 3 to 5 days with standard delivery.\n\n" +
        "International delivery\n\nWe ship to 40 countries. International delivery takes 7 to 14 business days. Customs duties and import taxes are paid by the recipient when the parcel arrives.\n\n" +
        " * Express courier: 2 to 4 days, tracked\n * Economy post: up to 21 days, untracked",
    );
  });

  it("reads pdf and docx", async () => {
    expect(await extractText(read("travel-expenses.pdf"), "travel-expenses.pdf", "application/pdf")).toBe(
      "Travel expense policy\nEmployees travelling for work are reimbursed for economy flights and standard hotel rooms.\n" +
        "The daily per diem for meals is 45 euros. Keep every receipt and submit the expense report\nwithin 30 days of returning from the trip.",
    );
    expect(await extractText(read("onboarding.docx"), "onboarding.docx", null)).toBe(
      "Employee onboarding checklist\n\nOn your first day, collect your laptop and your access badge from the IT desk on the second floor.\n\n" +
        "Your manager schedules an introduction meeting with the team during the first week.\n\n" +
        "Complete the mandatory security training within 10 days of your start date.",
    );
  });

  it("reads md and txt as is, with normalised line ends", async () => {
    expect(await extractText(Buffer.from("\uFEFFa\r\nb  \r\n\r\n\r\n\r\nc"), "notes.txt")).toBe("a\nb\n\nc");
    expect((await extractText(read("refunds-policy.md"), "refunds-policy.md", "text/markdown")).split("\n")[0]).toBe("# Refund policy");
  });

  it("knows types by MIME type, then extension, and refuses others", async () => {
    expect(documentKind("x.bin", "application/pdf")).toBe("pdf");
    expect(documentKind("Report.DOCX", "application/octet-stream")).toBe("docx");
    expect(documentKind("x.exe", null)).toBeNull();
    await expect(extractText(Buffer.from("MZ"), "x.exe", "application/x-msdownload")).rejects.toMatchObject({
      code: "invalid_config",
      message: "Unsupported document type for x.exe (application/x-msdownload); use txt, md, html, pdf or docx",
    });
    await expect(extractText(Buffer.from("not a pdf"), "broken.pdf", "application/pdf")).rejects.toMatchObject({
      code: "invalid_config",
      message: expect.stringMatching(/^Cannot read broken\.pdf as pdf: /),
    });
  });
});
