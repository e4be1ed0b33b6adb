/** The Invites screen: invite links (create with a role, change the role, revoke, copy) and email invites. */
import type { Locator, Page } from 'playwright-core';
import { attributeOfAll } from './attributes.ts';
import { chooseByMouse, choiceValue } from './choice-menu.ts';
import type { RoleValue } from './members.ts';
import { screenRoute } from './routes.ts';

/** One line of the email invite report. */
export interface EmailReportLine {
  email: string;
  status: string;
  text: string;
}

/** What a user does on the Invites screen. */
export class InvitesPage {
  readonly root: Locator;
  readonly createForm: Locator;
  readonly emailForm: Locator;
  readonly emailReport: Locator;
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
    this.root = page.getByTestId('invites-screen');
    this.createForm = page.getByTestId('invite-create');
    this.emailForm = page.getByTestId('email-invites');
    this.emailReport = page.getByTestId('email-invite-report');
  }

  /** The screen's route (for `DocsAdmin.open`), in the sandbox profile unless told. */
  static route(orgId: string, profileId?: string): string {
    return screenRoute(orgId, 'invites', profileId);
  }

  /** Opens the screen from the sidebar (the organization open now) and waits for the list of links. */
  async goto(): Promise<void> {
    await this.page.getByTestId('nav-invites').click();
    await this.shown();
  }

  /** Waits until the screen is shown (after `goto`, or an opening at its route). */
  async shown(): Promise<void> {
    await this.root.waitFor();
    await this.rows().first().waitFor();
  }

  /** Every invite link's row. */
  rows(): Locator {
    return this.root.getByTestId('invite-row');
  }

  /** The row of one invite link. */
  row(inviteId: string): Locator {
    return this.root.locator(`[data-testid="invite-row"][data-invite-id="${inviteId}"]`);
  }

  /** The ids of the links listed now, in order. */
  ids(): Promise<string[]> {
    return attributeOfAll(this.rows(), 'data-invite-id');
  }

  /** The role a link grants, as its row's menu shows it. */
  roleOf(inviteId: string): Promise<string> {
    return choiceValue(this.row(inviteId).getByTestId('invite-row-role'));
  }

  /** Creates a link granting `role` and answers its id (the row that was not there before). */
  async createLink(role: RoleValue): Promise<string> {
    const before = new Set(await this.ids());
    await this.createForm.getByTestId('invite-role').selectOption({ value: role });
    await this.createForm.getByTestId('invite-create-submit').click();
    await this.rows().nth(before.size).waitFor();
    const created = (await this.ids()).filter((id) => !before.has(id));
    if (created.length !== 1) throw new Error(`expected one new invite link, found ${created.length}`);
    return created[0]!;
  }

  /** Changes the role a link grants from its row's menu (told with Undo). */
  async changeRole(inviteId: string, role: RoleValue): Promise<void> {
    await chooseByMouse(this.page, this.row(inviteId).getByTestId('invite-row-role'), role);
  }

  /** The rows of the pending email invites. */
  pendingRows(): Locator {
    return this.root.getByTestId('pending-invite');
  }

  /** The pending invite of that address. */
  pending(email: string): Locator {
    return this.pendingRows().filter({ hasText: email });
  }

  /** Sends a pending invite again. */
  async resend(email: string): Promise<void> {
    await this.pending(email).getByTestId('pending-invite-resend').click();
  }

  /** Revokes a pending invite, confirming; answers what the dialog said. */
  async revokePending(email: string): Promise<string> {
    await this.pending(email).getByTestId('pending-invite-revoke').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.pending(email).waitFor({ state: 'detached' });
    return text;
  }

  /** Revokes a link, confirming in the dialog, and waits for its row to go; answers what the dialog said. */
  async revoke(inviteId: string): Promise<string> {
    await this.row(inviteId).getByTestId('invite-revoke').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    const text = await dialog.innerText();
    await dialog.getByTestId('confirm-button').click();
    await this.row(inviteId).waitFor({ state: 'detached' });
    return text;
  }

  /** Pastes addresses, optionally picks a role, sends, and waits for the report to finish. */
  async inviteByEmail(addresses: string, role?: RoleValue): Promise<EmailReportLine[]> {
    await this.emailForm.getByTestId('email-invites-text').fill(addresses);
    if (role !== undefined)
      await this.emailForm.getByTestId('email-invites-role').selectOption({ value: role });
    await this.emailForm.getByTestId('email-invites-submit').click();
    await this.emailReport.and(this.page.locator(':not([aria-busy])')).waitFor();
    const lines: EmailReportLine[] = [];
    for (const row of await this.emailReport.getByTestId('email-invite-report-row').all()) {
      lines.push({
        email: (await row.getAttribute('data-email')) ?? '',
        status: (await row.getAttribute('data-status')) ?? '',
        text: await row.innerText(),
      });
    }
    return lines;
  }
}
