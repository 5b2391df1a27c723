import base from "./playwright.config";
export default { ...base, webServer: { ...base.webServer, command: "node /tmp/kolo-web/e2e-server-root.mjs" } };
