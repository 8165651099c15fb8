-- CreateIndex
CREATE INDEX "Contact_workspaceId_id_idx" ON "Contact"("workspaceId", "id");
