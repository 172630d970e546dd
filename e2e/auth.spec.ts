import { e2eBaseUrl, e2eProjectId } from './support/e2e-stack';
import {
  appResetLink,
  latestResetEmail,
  readData,
  uidsWithEmail,
  uniqueEmail,
} from './support/backend';
import { expectNoAxeViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { chooseAccountMenu, expect, signIn, test } from './support/fixtures';

/** A failure's reason (src/lib/error-messages.ts): on the form, and as the text of the product's toast. */
async function expectReason(page: Page, toastTitle: string, reason: string) {
  await expect(page.getByRole('main').getByRole('alert')).toContainText(reason);
  await expect(page.getByRole('alert', { name: toastTitle })).toContainText(reason);
}

test.describe('sign-in flows', () => {
  test('register, logout, login, reset the password and log in with the new one', async ({
    page,
  }) => {
    const member = {
      uid: '',
      name: 'Riya Sharma',
      email: uniqueEmail('riya'),
      password: 'first-pass-1',
    };

    await page.goto('/register');
    await page.getByLabel('Name').fill(member.name);
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    // The app's own session record (docs/architecture.md, "The saved session") names the new member.
    const savedUid = () =>
      page.evaluate(
        () => JSON.parse(localStorage.getItem('challangex.v1.session') ?? '{}').uid as string,
      );
    await expect.poll(savedUid).toEqual(expect.any(String));
    const uid = await savedUid();
    const info = await readData<{ displayName: string; joinAt: number; createdAt: number }>(
      `users/${uid}/info`,
    );
    expect(info?.displayName).toBe(member.name);
    // joinAt is the server's clock (database.rules.json), as createdAt.
    expect(info?.joinAt).toBe(info?.createdAt);

    await chooseAccountMenu(page, member, 'Logout');
    // A plain login: the page left behind is not carried to whoever signs in next (e2e/logout-return.spec.ts).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Logout successfully')).toBeVisible();
    // Nothing of the member stays; only public copies (a feed page anyone may read) may outlive a session.
    const kept = await page.evaluate(() => Object.keys(localStorage));
    expect(kept.filter((key) => key !== 'challangex.v2.kept')).toEqual([]);

    await signIn(page, member);
    await chooseAccountMenu(page, member, 'Logout');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    // The router keeps the login form on screen until the reset page's code has loaded: wait for it,
    // or the address goes into the login form's Email field.
    await expect(page.getByRole('heading', { name: 'Forget Password' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Password reset email sent')).toBeVisible();

    // The email, as the Auth emulator sent it: a reset for this member, continuing to this app's login
    // (the action code settings of src/services/auth.ts).
    const resetEmail = await latestResetEmail(member.email, e2eProjectId);
    const emulatorLink = new URL(resetEmail.oobLink);
    expect(emulatorLink.searchParams.get('mode')).toBe('resetPassword');
    expect(emulatorLink.searchParams.get('oobCode')).toBe(resetEmail.oobCode);
    expect(emulatorLink.searchParams.get('continueUrl')).toBe(`${e2eBaseUrl()}/login`);

    // Opened the way the mail client would, in a fresh tab.
    const link = appResetLink(resetEmail, e2eBaseUrl());
    const mailTab = await page.context().newPage();
    await mailTab.goto(link);
    await expect(mailTab).toHaveTitle('Save new password · ChallangeX');
    await expect(mailTab.getByText(`Choose a new password for ${member.email}`)).toBeVisible();
    await mailTab.getByLabel('New password').fill('second-pass-2');
    await mailTab.getByRole('button', { name: 'Save password' }).click();
    await expect(mailTab.getByText('Password reset successful')).toBeVisible();
    await expect(mailTab).toHaveURL(/\/login$/);

    // The old password no longer works, and the page says why.
    await mailTab.getByLabel('Email', { exact: true }).fill(member.email);
    await mailTab.getByLabel('Password', { exact: true }).fill(member.password);
    await mailTab.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(mailTab.getByText('Error signing in')).toBeVisible();
    await expectReason(mailTab, 'Error signing in', 'email or password is wrong');
    await expect(mailTab).toHaveURL(/\/login$/);

    // The used link, opened again, says so at once: only a new link helps.
    await mailTab.goto(link);
    await expect(mailTab.getByRole('main').getByRole('alert')).toContainText(
      'This reset link is not valid or was already used',
    );
    await expect(mailTab.getByRole('button', { name: 'Save password' })).toBeDisabled();
    await expect(mailTab.getByRole('link', { name: 'Request a new link' })).toBeVisible();

    await mailTab.close();
    await signIn(page, { ...member, password: 'second-pass-2' });
  });

  test('a wrong password keeps the member on the login page with an error', async ({
    page,
    newMember,
  }) => {
    const member = await newMember();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Error signing in')).toBeVisible();
    await expectReason(page, 'Error signing in', 'The email or password is wrong');
    await expect(page).toHaveURL(/\/login$/);
    await expectNoAxeViolations(page, 'the login page with an error');
  });

  test('registering an email that already has an account says so', async ({ page, newMember }) => {
    const member = await newMember();
    await page.goto('/register');
    await expect(page).toHaveTitle('Register · ChallangeX');
    await expectNoAxeViolations(page, 'the register page');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Error signing in')).toBeVisible();
    await expectReason(page, 'Error signing in', 'This email already has an account');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('Google sign-in with an Auth emulator test account, twice as the same member', async ({
    page,
  }) => {
    const email = uniqueEmail('google');
    const member = { uid: '', name: 'Gita Google', email, password: '' };
    const uids: string[] = [];
    for (const round of [1, 2]) {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login with Google' }).click();
      const dialog = page.getByRole('dialog', { name: 'Google account (Auth emulator)' });
      await dialog.getByLabel('Google email').fill(email);
      await dialog.getByLabel('Display name').fill('Gita Google');
      await dialog.getByRole('button', { name: 'Sign in with Google.com' }).click();
      await expect(page).toHaveURL(/\/feed$/);
      await expect(page.getByText('Signed in successfully')).toBeVisible();
      // Who the app says is signed in: its own profile address ends in the uid.
      await chooseAccountMenu(page, member, 'Profile');
      await expect(page).toHaveURL(/\/profile\/Gita%20Google\/[^/]+$/);
      const uid = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
      uids.push(uid);
      const info = await readData<{ displayName: string }>(`users/${uid}/info`);
      expect(info?.displayName).toBe('Gita Google');
      if (round === 1) await chooseAccountMenu(page, member, 'Logout');
    }
    // The second sign-in is the same account, not a new one with the same email.
    expect(uids[1]).toBe(uids[0]);
    expect(await uidsWithEmail(email)).toEqual([uids[0]]);
  });

  test('a visitor opening a guarded route lands on login and sees nothing of it', async ({
    page,
  }) => {
    await page.goto('/admin-x');
    // The login address names the page, to come back to once signed in (e2e/return-after-login.spec.ts).
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin-x$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Admin-X')).toHaveCount(0);
  });

  test('signed-in members are sent from login and register to the feed', async ({
    page,
    signedInMember,
  }) => {
    expect(signedInMember.email).toContain('@');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/feed$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/feed$/);
    // A login address that names a page of the app sends them there instead.
    await page.goto('/login?next=%2Fleader-board');
    await expect(page).toHaveURL(/\/leader-board$/);
  });

  test('forms explain what is missing before anything is sent', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });
});
