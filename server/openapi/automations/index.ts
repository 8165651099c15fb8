// The automations resource's operations, in the document's order.
import { activateAutomation } from "./activate-automation";
import { archiveAutomation } from "./archive-automation";
import { createAutomation } from "./create-automation";
import { deleteAutomation } from "./delete-automation";
import { duplicateAutomation } from "./duplicate-automation";
import { enrolAutomationContact } from "./enrol-automation-contact";
import { getAutomation } from "./get-automation";
import { getAutomationAnalytics } from "./get-automation-analytics";
import { getAutomationEnrolment } from "./get-automation-enrolment";
import { listAutomationEnrolments } from "./list-automation-enrolments";
import { listAutomations } from "./list-automations";
import { pauseAutomation } from "./pause-automation";
import { removeAutomationEnrolment } from "./remove-automation-enrolment";
import { updateAutomation } from "./update-automation";

export { automationsTag } from "./schemas";

export const automationsOperations = [
  listAutomations,
  createAutomation,
  getAutomation,
  updateAutomation,
  deleteAutomation,
  activateAutomation,
  pauseAutomation,
  archiveAutomation,
  duplicateAutomation,
  listAutomationEnrolments,
  enrolAutomationContact,
  getAutomationEnrolment,
  removeAutomationEnrolment,
  getAutomationAnalytics,
];
