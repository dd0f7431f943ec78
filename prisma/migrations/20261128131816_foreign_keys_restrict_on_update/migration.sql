-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_schoolId_actorId_fkey";

-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "CacheVersion" DROP CONSTRAINT "CacheVersion_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "ContactMessage" DROP CONSTRAINT "ContactMessage_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "ContactMessage" DROP CONSTRAINT "ContactMessage_schoolId_handledById_fkey";

-- DropForeignKey
ALTER TABLE "ContactMessage" DROP CONSTRAINT "ContactMessage_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_schoolId_adminId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_schoolId_orderId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_schoolId_paymentAttemptId_fkey";

-- DropForeignKey
ALTER TABLE "CreditEntry" DROP CONSTRAINT "CreditEntry_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "DiscountCode" DROP CONSTRAINT "DiscountCode_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "DiscountCode" DROP CONSTRAINT "DiscountCode_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "EmailOutbox" DROP CONSTRAINT "EmailOutbox_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "JobRun" DROP CONSTRAINT "JobRun_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "MenuItem" DROP CONSTRAINT "MenuItem_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "OperatorSession" DROP CONSTRAINT "OperatorSession_operatorId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_schoolId_cycleId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_schoolId_menuItemId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_schoolId_paymentAttemptId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_schoolId_studentId_fkey";

-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "OrderCycle" DROP CONSTRAINT "OrderCycle_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "OrderRefund" DROP CONSTRAINT "OrderRefund_schoolId_adminId_fkey";

-- DropForeignKey
ALTER TABLE "OrderRefund" DROP CONSTRAINT "OrderRefund_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "OrderRefund" DROP CONSTRAINT "OrderRefund_schoolId_orderId_fkey";

-- DropForeignKey
ALTER TABLE "OrderReminder" DROP CONSTRAINT "OrderReminder_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "OrderReminder" DROP CONSTRAINT "OrderReminder_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "PaymentAttempt" DROP CONSTRAINT "PaymentAttempt_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "PaymentAttempt" DROP CONSTRAINT "PaymentAttempt_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "RateLimit" DROP CONSTRAINT "RateLimit_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "SandboxTransaction" DROP CONSTRAINT "SandboxTransaction_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "SchoolHost" DROP CONSTRAINT "SchoolHost_ownerId_fkey";

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "Setting" DROP CONSTRAINT "Setting_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "Student" DROP CONSTRAINT "Student_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "Student" DROP CONSTRAINT "Student_schoolId_parentId_fkey";

-- DropForeignKey
ALTER TABLE "TemporaryPassword" DROP CONSTRAINT "TemporaryPassword_schoolId_fkey";

-- DropForeignKey
ALTER TABLE "TemporaryPassword" DROP CONSTRAINT "TemporaryPassword_schoolId_userId_fkey";

-- DropForeignKey
ALTER TABLE "User" DROP CONSTRAINT "User_schoolId_fkey";

-- AddForeignKey
ALTER TABLE "SchoolHost" ADD CONSTRAINT "SchoolHost_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "School"("id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OperatorSession" ADD CONSTRAINT "OperatorSession_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "Operator"("id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TemporaryPassword" ADD CONSTRAINT "TemporaryPassword_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TemporaryPassword" ADD CONSTRAINT "TemporaryPassword_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Student" ADD CONSTRAINT "Student_schoolId_parentId_fkey" FOREIGN KEY ("schoolId", "parentId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "MenuItem" ADD CONSTRAINT "MenuItem_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OrderCycle" ADD CONSTRAINT "OrderCycle_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_studentId_fkey" FOREIGN KEY ("schoolId", "studentId") REFERENCES "Student"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_menuItemId_fkey" FOREIGN KEY ("schoolId", "menuItemId") REFERENCES "MenuItem"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_cycleId_fkey" FOREIGN KEY ("schoolId", "cycleId") REFERENCES "OrderCycle"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_schoolId_paymentAttemptId_fkey" FOREIGN KEY ("schoolId", "paymentAttemptId") REFERENCES "PaymentAttempt"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CacheVersion" ADD CONSTRAINT "CacheVersion_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Setting" ADD CONSTRAINT "Setting_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "EmailOutbox" ADD CONSTRAINT "EmailOutbox_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "RateLimit" ADD CONSTRAINT "RateLimit_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_schoolId_actorId_fkey" FOREIGN KEY ("schoolId", "actorId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SandboxTransaction" ADD CONSTRAINT "SandboxTransaction_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ContactMessage" ADD CONSTRAINT "ContactMessage_schoolId_handledById_fkey" FOREIGN KEY ("schoolId", "handledById") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OrderReminder" ADD CONSTRAINT "OrderReminder_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "JobRun" ADD CONSTRAINT "JobRun_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_userId_fkey" FOREIGN KEY ("schoolId", "userId") REFERENCES "User"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_orderId_fkey" FOREIGN KEY ("schoolId", "orderId") REFERENCES "Order"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_paymentAttemptId_fkey" FOREIGN KEY ("schoolId", "paymentAttemptId") REFERENCES "PaymentAttempt"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CreditEntry" ADD CONSTRAINT "CreditEntry_schoolId_adminId_fkey" FOREIGN KEY ("schoolId", "adminId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_schoolId_orderId_fkey" FOREIGN KEY ("schoolId", "orderId") REFERENCES "Order"("schoolId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "OrderRefund" ADD CONSTRAINT "OrderRefund_schoolId_adminId_fkey" FOREIGN KEY ("schoolId", "adminId") REFERENCES "User"("schoolId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
