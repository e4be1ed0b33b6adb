/** The whole app as a user meets it: one page with its sidebar, palette and screens. */
import type { Page } from 'playwright-core';
import { CommandPalette } from './command-palette.ts';
import { InvitesPage } from './invites.ts';
import { MembersPage } from './members.ts';
import { OverviewPage } from './overview.ts';
import { ProfilesPage } from './profiles.ts';
import { screenRoute } from './routes.ts';
import { SettingsPage } from './settings.ts';
import { Sidebar } from './sidebar.ts';
import { TeamPage } from './team.ts';
import { TeamsPanel } from './teams-panel.ts';

/** The page objects of one open app. */
export class DocsAdmin {
  readonly sidebar: Sidebar;
  readonly palette: CommandPalette;
  readonly profiles: ProfilesPage;
  readonly overview: OverviewPage;
  readonly members: MembersPage;
  readonly teams: TeamsPanel;
  readonly team: TeamPage;
  readonly invites: InvitesPage;
  readonly settings: SettingsPage;
  readonly page: Page;

  /**
   * The route of an organization's screen by its sidebar path, for `open`: a test whose story starts on that screen
   * opens the app there rather than on the overview and through the sidebar (the tests about the sidebar still click).
   */
  static readonly screenRoute = screenRoute;

  constructor(page: Page) {
    this.page = page;
    this.sidebar = new Sidebar(page);
    this.palette = new CommandPalette(page);
    this.profiles = new ProfilesPage(page);
    this.overview = new OverviewPage(page);
    this.teams = new TeamsPanel(page);
    this.members = new MembersPage(page, this.teams);
    this.team = new TeamPage(page, this.teams);
    this.invites = new InvitesPage(page);
    this.settings = new SettingsPage(page);
  }

  /**
   * Opens the app at its printed launch URL (which sets the session cookie) and waits for the sidebar; if it never
   * shows, the error says what the page showed and which errors it logged. With `route` (`/p/…`), the app starts on
   * that route instead of the organization's overview (the launch's redirect keeps the fragment): a test that goes
   * straight to a screen skips rendering the overview first.
   */
  static async open(page: Page, launchUrl: string, route?: string): Promise<DocsAdmin> {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('requestfailed', (request) => errors.push(`request failed: ${request.url()}`));
    await page.goto(route === undefined ? launchUrl : `${launchUrl}#${route}`);
    const app = new DocsAdmin(page);
    try {
      await app.sidebar.root.waitFor();
    } catch (error) {
      const shown = await page
        .locator('body')
        .innerText({ timeout: 1_000 })
        .catch(() => '(no body)');
      throw new Error(
        `${(error as Error).message}\nthe page showed: ${shown.slice(0, 500)}\n${errors.join('\n')}`,
      );
    }
    return app;
  }

  /** The route part of the address (after `#`). */
  route(): string {
    return new URL(this.page.url()).hash.replace(/^#/, '');
  }
}
