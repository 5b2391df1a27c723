import base from "@kolo/eslint-config";

export default base;
