import { describe, expect } from 'vitest';
import { LandingPage } from './pages/landing-page';
import { LoginPage } from './pages/login-page';
import { NewPasswordPage, RecoverPage } from './pages/recover-page';
import { RegisterPage } from './pages/register-page';
import { expectAccessible } from './support/axe';
import { setupE2e } from './support/e2e';

const { test } = setupE2e(import.meta.url);

describe('landing page', () => {
  test('shows the headline and a carousel of four cards that wraps both ways', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.waitForCard('Аудиозаписи');

    await landing.back();
    await landing.waitForCard('Экзамены');

    await landing.next();
    await landing.waitForCard('Аудиозаписи');
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await landing.next();
      await page.waitForTimeout(50);
      seen.push(await landing.cardTitle());
    }
    expect(seen).toEqual(['Задания', 'Варианты', 'Экзамены', 'Аудиозаписи']);

    await expectAccessible(page, 'the landing page');
  });

  test('has the public navigation', async ({ page }) => {
    await new LandingPage(page).goto();
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    for (const [name, href] of [
      ['Главная', '/'],
      ['Зарегистрироваться', '/register'],
      ['Войти', '/login'],
    ]) {
      expect(await nav.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await nav.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(/\/register$/);
  });
});

describe('routing', () => {
  test('an unknown path goes to /login', async ({ page }) => {
    await page.goto('/nope');
    await page.waitForURL(/\/login$/);
    await page.goto('/some/deep/unknown/path');
    await page.waitForURL(/\/login$/);
  });

  test('a protected area without a session goes to /login', async ({ page }) => {
    for (const path of ['/admin', '/admin/students', '/teacher/exams', '/student']) {
      await page.goto(path);
      await page.waitForURL(/\/login$/);
    }
  });
});

describe('installable app', () => {
  test('serves and links the manifest, and its service worker becomes active', async ({ page, env }) => {
    await new LandingPage(page).goto();
    // The build links the manifest under a hashed name (its `id` keeps the app's identity).
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toMatch(/^\/assets\/manifest[^/]*\.webmanifest$/);

    const res = await fetch(`${env.baseUrl}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/(manifest\+)?json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ short_name: 'Устно', start_url: '/', display: 'standalone' });
    const sizes = manifest.icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    for (const icon of manifest.icons) {
      expect((await fetch(`${env.baseUrl}${icon.src}`)).status, icon.src).toBe(200);
    }

    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { state: registration.active?.state, scope: registration.scope };
    });
    expect(state.scope).toBe(`${env.baseUrl}/`);
    expect(['activating', 'activated']).toContain(state.state);
  });
});

describe('public pages are accessible', () => {
  test('register, login, recover and new password', async ({ page }) => {
    await new RegisterPage(page).goto();
    await expectAccessible(page, '/register');
    await new LoginPage(page).goto();
    await expectAccessible(page, '/login');
    await new RecoverPage(page).goto();
    await expectAccessible(page, '/recover');
    await new NewPasswordPage(page).open('/recover/not-a-real-token-0000000000');
    await expectAccessible(page, '/recover/{id}');
  });
});
