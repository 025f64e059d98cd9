import { DISPLAY_NAME_MAX, PASSWORD_MIN } from '@tidings/api/limits';
import { z } from 'zod';

const password = z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);
const email = z.string().trim().pipe(z.email('Enter a valid email address'));

function confirmed<T extends { password: string; confirmPassword: string }>(schema: z.ZodType<T>) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
}

/** Spec part 1 §5: both login fields are required. */
export const loginSchema = z.object({
  usernameOrEmail: z.string().trim().min(1, 'Enter your username or email'),
  password: z.string().min(1, 'Enter your password'),
});

/** Spec part 1 §5: the register rules, with the spec's wording where it gives one. */
export const registerSchema = confirmed(
  z.object({
    username: z
      .string()
      .trim()
      .min(1, 'Choose a username')
      .regex(/^[A-Za-z0-9_-]+$/, 'Only letters, numbers, hyphens, and underscores'),
    email,
    displayName: z.string().trim().max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`),
    inviteCode: z.string().trim().toUpperCase().min(1, 'Enter your invite code'),
    password,
    confirmPassword: z.string(),
  }),
);

export const forgotPasswordSchema = z.object({ email });

/** Spec part 1 §5: the same 8-character and match rules as registering. */
export const resetPasswordSchema = confirmed(z.object({ password, confirmPassword: z.string() }));

/** The first message for each field, for showing under the inputs. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Validates `values` and returns either the parsed data or one message per failing field. */
export function validate<T>(schema: z.ZodType<T>, values: unknown): { data: T; errors?: never } | { data?: never; errors: FieldErrors<T> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors<T> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof T | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
