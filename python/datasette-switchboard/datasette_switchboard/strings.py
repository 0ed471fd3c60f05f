"""The five specs' user-facing strings that the pages show, exactly as the specs write them (their emoji decoded as
specs/README.md says), each with the spec it comes from. The templates read them as `strings.NAME`; docs/conformance.md
lists each one with where it appears, and Tests/host/test_pages_strings.py finds each on its page."""
from dataclasses import dataclass


@dataclass(frozen=True)
class SpecString:
    """One string of a spec: its text, the spec file (000-004) and the part of it that says it, and the page that
    shows it (feed, inbox, templates, quick-send, posts)."""
    text: str
    spec: str
    where: str
    page: str


def _s(text, spec, where, page):
    return SpecString(text, spec, where, page)


SPEC_STRINGS = {
    # 000 Communication Templates
    "templates_title": _s("Communication Templates", "000", "§6 Layout, header title", "templates"),
    "templates_subtitle": _s("Create and manage email, text, and social media templates", "000",
                             "§6 Layout, header subtitle", "templates"),
    "templates_tab_list": _s("My Templates", "000", "§6 Layout, tab navigation (My Templates (N))", "templates"),
    "templates_tab_create": _s("Create New", "000", "§6 Layout, tab navigation", "templates"),
    "templates_empty": _s("No templates found", "000", "§2 Error: No templates yet; §6 Empty State", "templates"),
    "templates_save": _s("Save Template", "000", "§2 Create New Template, step 4", "templates"),
    "templates_save_changes": _s("Save Changes", "000", "§2 Edit Template, step 4", "templates"),
    "templates_cancel": _s("Cancel", "000", "§6 Create New Tab buttons", "templates"),
    "templates_edit": _s("Edit", "000", "§6 Template Card button", "templates"),
    "templates_delete": _s("Delete", "000", "§2 Delete Template, step 1", "templates"),
    "templates_name": _s("Template Name", "000", "§6 Template Editor form", "templates"),
    "templates_type": _s("Template Type", "000", "§6 Template Editor form", "templates"),
    "templates_variables_guide": _s("Variables Guide", "000", "§6 Template Editor form", "templates"),
    # 001 Social Media Monitoring
    "feed_title": _s("Social Media Monitoring", "001", "§6 Layout, header title", "feed"),
    "feed_subtitle": _s("Track posts from coaches & programs", "001", "§6 Layout, header subtitle", "feed"),
    "sync_button": _s("Sync Posts", "001", "§6 Sync Button, normal state; empty state CTA", "feed"),
    "sync_loading": _s("Syncing...", "001", "§6 Sync Button, loading state; Loading States", "feed"),
    "sync_label": _s("Sync new posts from Twitter and Instagram", "001", "§6 Accessibility, sync button", "feed"),
    "sync_up_to_date": _s("No new posts found. You're up to date!", "001", "§8 Sync fetches 0 new posts", "feed"),
    "sync_synced": _s("Synced 15 new posts", "001", "§4 Endpoint 2 response message (Synced N new posts)", "feed"),
    "sync_failed": _s("Sync failed: [reason]", "001", "§2 Error: Sync failed", "feed"),
    "sync_rate_limited": _s("Please wait a few minutes before syncing again.", "001", "§8 Sync rate limit exceeded",
                            "feed"),
    "stat_total": _s("Total Posts", "001", "§6 Statistics Cards", "feed"),
    "stat_twitter": _s("Twitter/X Posts", "001", "§6 Statistics Cards", "feed"),
    "stat_instagram": _s("Instagram Posts", "001", "§6 Statistics Cards", "feed"),
    "stat_flagged": _s("Flagged for Review", "001", "§6 Statistics Cards", "feed"),
    "filter_all_schools": _s("All Schools", "001", "§6 Filter Card, school dropdown", "feed"),
    "filter_flagged_only": _s("Flagged Only", "001", "§6 Filter Card, type dropdown", "feed"),
    "filter_recruiting_only": _s("Recruiting Only", "001", "§6 Filter Card, type dropdown", "feed"),
    "filter_apply": _s("Apply Filters", "001", "§6 Filter Sheet actions", "feed"),
    "filter_clear": _s("Clear Filters", "001", "§6 Filter Card; Empty Filtered State CTA", "feed"),
    "filter_label": _s("Filter posts. [X] filters active.", "001", "§6 Accessibility, filter button", "feed"),
    "notes_save": _s("Save", "001", "§6 Notes Sheet actions", "feed"),
    "notes_cancel": _s("Cancel", "001", "§6 Notes Sheet actions", "feed"),
    "read_more": _s("Read more", "001", "§8 Very long post content", "feed"),
    "delete_post_confirm": _s("Delete this post from your feed?", "001", "§2 Flow E, step 2", "feed"),
    "no_posts": _s("No posts yet", "001", "§6 Empty State title", "feed"),
    "no_posts_subtitle": _s("Sync posts to start monitoring coach and program social media", "001",
                            "§6 Empty State subtitle", "feed"),
    "no_posts_match": _s("No posts match your filters", "001", "§6 Empty Filtered State title", "feed"),
    "no_posts_match_subtitle": _s("Try adjusting your search or filter criteria", "001",
                                  "§6 Empty Filtered State subtitle", "feed"),
    "posts_unreachable": _s("Unable to load posts. Check your connection.", "001", "§2 Error: Network failure", "feed"),
    "connection_timed_out": _s("Connection timed out", "001", "§8 Network Errors, timeout", "feed"),
    "posts_server_error": _s("Server error. Please try again.", "001", "§8 Network Errors, server error", "feed"),
    "unknown_school": _s("Unknown School", "001", "§8 Missing school_id", "feed"),
    # 002 Notifications
    "inbox_title": _s("Notifications", "002", "§6 Layout, navigation bar title", "inbox"),
    "inbox_unread": _s("X unread", "002", "§6 Layout, subtitle", "inbox"),
    "mark_all_read": _s("Mark all as read", "002", "§6 Bulk Actions", "inbox"),
    "clear_read": _s("Clear read", "002", "§6 Bulk Actions", "inbox"),
    "clear_read_confirm": _s("Delete all read notifications?", "002", "§2 Clear Read Notifications, step 2",
                             "inbox"),
    "inbox_search": _s("Search notifications...", "002", "§6 Search Bar placeholder", "inbox"),
    "inbox_loading": _s("Loading notifications...", "002", "§6 Loading State", "inbox"),
    "no_notifications": _s("No notifications", "002", "§6 Empty State", "inbox"),
    "all_caught_up": _s("You're all caught up!", "002", "§6 Empty State; §8 Zero notifications", "inbox"),
    "delete_notification": _s("Delete notification", "002", "§6 Accessibility, delete button", "inbox"),
    "delete_notification_failed": _s("Could not delete notification", "002", "§2 Error: Failed to delete", "inbox"),
    "inbox_server_error": _s("Server error", "002", "§8 Network Errors, server error", "inbox"),
    "chip_label": _s("[type] filter. [active/inactive]", "002", "§6 Accessibility, filter chips", "inbox"),
    # 003 Telegram quick-send
    "quick_send_title": _s("Templates", "003", "Phase 5 TemplateListView navigation title", "quick-send"),
    "no_tg_templates": _s("No Templates", "003", "Phase 5 TemplateListView empty state", "quick-send"),
    "tap_plus": _s("Tap + to create your first template", "003", "Phase 5 TemplateListView empty state",
                   "quick-send"),
    "add_template": _s("Add template", "003", "Phase 7 widget, small widget without templates", "quick-send"),
    "no_group_selected": _s("No group selected", "003", "Phase 5 TemplateButtonView.sendMessage", "quick-send"),
    "send_error": _s("Error", "003", "Phase 5 TemplateButtonView alert title", "quick-send"),
    "send_error_ok": _s("OK", "003", "Phase 5 TemplateButtonView alert button", "quick-send"),
    "new_tg_template": _s("New Template", "003", "Phase 5 TemplateEditView title", "quick-send"),
    "edit_tg_template": _s("Edit Template", "003", "Phase 5 TemplateEditView title", "quick-send"),
    "tg_template_info": _s("Template Info", "003", "Phase 5 TemplateEditView section", "quick-send"),
    "tg_name": _s("Name", "003", "Phase 5 TemplateEditView field", "quick-send"),
    "tg_icon": _s("Icon", "003", "Phase 5 TemplateEditView field", "quick-send"),
    "tg_message": _s("Message", "003", "Phase 5 TemplateEditView section", "quick-send"),
    "tg_target_group": _s("Target Group", "003", "Phase 5 TemplateEditView section", "quick-send"),
    "tg_group": _s("Group", "003", "Phase 5 TemplateEditView field", "quick-send"),
    "tg_select": _s("Select...", "003", "Phase 5 TemplateEditView group row without a group", "quick-send"),
    "tg_options": _s("Options", "003", "Phase 5 TemplateEditView section", "quick-send"),
    "include_location": _s("Include Location", "003", "Phase 5 TemplateEditView toggle", "quick-send"),
    "delete_tg_template": _s("Delete Template", "003", "Phase 5 TemplateEditView button", "quick-send"),
    "tg_save": _s("Save", "003", "Phase 5 TemplateEditView toolbar", "quick-send"),
    "tg_cancel": _s("Cancel", "003", "Phase 5 TemplateEditView toolbar", "quick-send"),
    "choose_icon": _s("Choose Icon", "003", "Phase 5 IconPickerView title", "quick-send"),
    "select_group": _s("Select Group", "003", "Phase 4 GroupPickerView title", "quick-send"),
    "search_groups": _s("Search groups", "003", "Phase 4 GroupPickerView search prompt", "quick-send"),
    "loading_groups": _s("Loading groups...", "003", "Phase 4 GroupPickerView loading", "quick-send"),
    "no_groups": _s("No Groups", "003", "Phase 4 GroupPickerView empty", "quick-send"),
    "no_groups_description": _s("You're not a member of any groups", "003", "Phase 4 GroupPickerView empty",
                                "quick-send"),
    "members": _s("N members", "003", "Phase 4 GroupPickerView row; Phase 3 displayTitle", "quick-send"),
    "location_not_authorized": _s("Location access not authorized", "003", "Phase 6 LocationService.LocationError",
                                  "quick-send"),
    "location_line": _s("📍 https://maps.google.com/?q=LAT,LON", "003", "Phase 6 sendTemplateMessage location",
                        "quick-send"),
    # 004 Posts with template placeholders
    "placeholder_title": _s("Title", "004", "Fallback Pattern", "posts"),
    "placeholder_summary": _s("Summary", "004", "Fallback Pattern", "posts"),
    "placeholder_body": _s("Body", "004", "Fallback Pattern", "posts"),
    "placeholder_hint": _s("Enter the [placeholder] for this post", "004", "Accessibility, accessibilityHint",
                           "posts"),
}


class Strings:
    """`strings.NAME` in the templates: the text of SPEC_STRINGS[NAME]; `strings.fill(NAME, ...)` replaces its
    bracketed slots ([reason], [X], [type], ...) in order, and N or X standing alone as a count."""

    def __getattr__(self, name):
        return SPEC_STRINGS[name].text

    @staticmethod
    def fill(name, *values):
        text = SPEC_STRINGS[name].text
        for value in values:
            start = text.find("[")
            if start >= 0:
                text = text[:start] + str(value) + text[text.index("]", start) + 1:]
        return text


strings = Strings()
