import { loginSchema } from "@kolo/domain";
import { schemaResolver } from "@mantine/form";

/**
 * The sign-in form's validation: the domain's loginSchema (zod) as Mantine form errors. In its own
 * module so that the sign-in screen loads zod when the form is first used, not with the screen.
 */
export const validateLogin = schemaResolver(loginSchema, { sync: true });
