import { describe, expect, it } from "vitest";
import { readSharedToken } from "../../scripts/shared-token";

function read(flag: string | undefined, env: Record<string, string>) {
  const warnings: string[] = [];
  const token = readSharedToken(flag, env, (line) => warnings.push(line));
  return { token, warnings };
}

describe("readSharedToken", () => {
  it("should read ASK_USER_KIT_TOKEN without a warning", () => {
    expect(read(undefined, { ASK_USER_KIT_TOKEN: "kit" })).toEqual({
      token: "kit",
      warnings: [],
    });
  });

  it("should prefer ASK_USER_KIT_TOKEN over OPENCLAW_GATEWAY_TOKEN", () => {
    expect(
      read(undefined, { ASK_USER_KIT_TOKEN: "kit", OPENCLAW_GATEWAY_TOKEN: "openclaw" }).token,
    ).toBe("kit");
    expect(
      read(undefined, { ASK_USER_KIT_TOKEN: "", OPENCLAW_GATEWAY_TOKEN: "openclaw" }).token,
    ).toBe("openclaw");
  });

  it("should let --token win, with one warning that names the variable and not the token", () => {
    const { token, warnings } = read("flag-secret", { ASK_USER_KIT_TOKEN: "kit" });
    expect(token).toBe("flag-secret");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("ASK_USER_KIT_TOKEN");
    expect(warnings[0]).not.toContain("flag-secret");
  });

  it("should give nothing when no token is set, or only empty ones", () => {
    expect(read(undefined, {}).token).toBeUndefined();
    expect(
      read(undefined, { ASK_USER_KIT_TOKEN: "", OPENCLAW_GATEWAY_TOKEN: "" }).token,
    ).toBeUndefined();
  });
});
