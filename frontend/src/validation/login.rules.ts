import { collectErrors, isBlank, type FormErrors, type RuleResult } from './common';

/**
 * Login and password-reset request dialogs. The spec gives no client rules here (the server
 * answers 'Invalid email or password' or an e-mail error); these only stop empty submissions.
 */
export const LOGIN_MESSAGES = {
  required: 'This field is required',
} as const;

export interface LoginForm {
  email: string;
  password: string;
}

export const requiredError = (value: string): RuleResult =>
  isBlank(value) ? LOGIN_MESSAGES.required : null;

export const validateLogin = (form: LoginForm): FormErrors<keyof LoginForm> =>
  collectErrors<keyof LoginForm>({
    email: requiredError(form.email),
    password: form.password ? null : LOGIN_MESSAGES.required,
  });
