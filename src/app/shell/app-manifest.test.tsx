import { afterEach, expect, test } from 'vitest';
import { linkAppManifest, MANIFEST_TEMPLATE_ID } from './app-manifest';

afterEach(() => {
  document.head.innerHTML = '';
});

const manifestLinks = () => document.head.querySelectorAll('link[rel="manifest"]');

test('links the manifest the template holds, once', () => {
  document.head.innerHTML = `<template id="${MANIFEST_TEMPLATE_ID}"><link rel="manifest" href="/manifest.webmanifest"></template>`;
  expect(manifestLinks()).toHaveLength(0); // inert inside the template

  linkAppManifest();
  linkAppManifest();

  expect(manifestLinks()).toHaveLength(1);
  expect(manifestLinks()[0]!.getAttribute('href')).toBe('/manifest.webmanifest');
  expect(document.getElementById(MANIFEST_TEMPLATE_ID)).toBeNull();
});

test('does nothing without the template (development builds have no manifest)', () => {
  linkAppManifest();
  expect(manifestLinks()).toHaveLength(0);
});
